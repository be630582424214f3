import { ChevronLeftIcon, ChevronRightIcon } from './icons';

interface CarouselNavProps {
  /** The id of the element holding the slides (the buttons control it). */
  slidesId: string;
  /** One accessible name per slide, e.g. 'Slide 1: Find The Perfect Ride'. */
  slideLabels: string[];
  index: number;
  onGo: (index: number) => void;
  /** What one item is called: 'slide', 'review'. */
  noun: string;
  /** Class names, so each carousel keeps its own look. */
  buttonClassName: string;
  dotsClassName: string;
  dotClassName: string;
}

/** Previous, one dot per item, next: the controls every carousel on the site shares. */
export function CarouselNav(props: CarouselNavProps) {
  const { slidesId, slideLabels, index, onGo, noun, buttonClassName, dotsClassName, dotClassName } =
    props;
  return (
    <>
      <button
        type="button"
        className={buttonClassName}
        onClick={() => onGo(index - 1)}
        aria-controls={slidesId}
        aria-label={`Previous ${noun}`}
      >
        <ChevronLeftIcon size={18} />
      </button>
      <div className={dotsClassName} role="group" aria-label={`Choose a ${noun}`}>
        {slideLabels.map((label, i) => (
          <button
            key={label}
            type="button"
            className={dotClassName}
            aria-label={label}
            aria-current={i === index ? 'true' : undefined}
            aria-controls={slidesId}
            onClick={() => onGo(i)}
          />
        ))}
      </div>
      <button
        type="button"
        className={buttonClassName}
        onClick={() => onGo(index + 1)}
        aria-controls={slidesId}
        aria-label={`Next ${noun}`}
      >
        <ChevronRightIcon size={18} />
      </button>
    </>
  );
}
