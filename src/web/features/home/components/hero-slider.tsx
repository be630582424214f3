import { CarouselNav } from '../../../components/carousel-nav';
import { HELP_DAYS } from '../../../config/company-facts';
import { formatRating } from '../../../../shared/reviews';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Link } from '../../../lib/router';
import { paths } from '../../../config/paths';
import { CheckIcon, PauseIcon, PlayIcon, StarIcon } from '../../../components/icons';
import './hero-slider.css';

/** PAGE-4: the carousel interval is the library default, 5 s. */
const INTERVAL_MS = 5000;

interface Slide {
  title: string;
  subtitle: string;
  image: string;
  primary: { label: string; to: string };
  secondary: { label: string; to: string };
  points: string[];
}

const SLIDES: Slide[] = [
  {
    title: 'Find The Perfect Ride',
    subtitle:
      'City hatchbacks, family vans and 4×4s for the road to Tamale. Book in minutes and pay with MoMo or cash at pickup.',
    image: '/media/demo/suv-eeece5-1.svg',
    primary: { label: 'Browse Cars', to: paths.availableCars.getHref() },
    secondary: { label: 'How it works', to: paths.faq.getHref() },
    points: ['Prices in cedis, per day', 'MTN MoMo, Telecel Cash, AirtelTigo Money'],
  },
  {
    title: 'Enjoy a hassle free service',
    subtitle: `Clean, inspected cars handed over on time in Accra and Kumasi, and a team that answers ${HELP_DAYS}.`,
    image: '/media/demo/van-bfc4c9-1.svg',
    primary: { label: 'Rent Now', to: paths.availableCars.getHref() },
    secondary: { label: 'Contact Us', to: paths.contact.getHref() },
    points: [`Help ${HELP_DAYS}`, 'No hidden charges'],
  },
];

function usePrefersReducedMotion() {
  // No window when the page is rendered at build time (src/web/prerender.tsx).
  const [reduced, setReduced] = useState(
    () =>
      typeof window !== 'undefined' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

/**
 * The home banner (PAGE-4: two slides). Follows the WAI-ARIA carousel pattern: a pause
 * button, previous/next, one picker button per slide, rotation that stops while the pointer
 * or keyboard focus is inside, and none at all for people who ask for reduced motion. The
 * slides share one grid cell, so the banner keeps the height of the taller slide and nothing
 * below it moves when the slide changes.
 */
/** `rating`: the real average and count (REVIEW-5); without it the banner claims none. */
export function HeroSlider({ rating }: { rating?: { average: number; count: number } | null }) {
  const id = useId();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // The first slide is painted without a fade, so the heading shows (and counts as LCP) at once.
  const [moved, setMoved] = useState(false);
  const rotating = playing && !reducedMotion;
  const running = rotating && !hovered && !focused;

  const go = useCallback((next: number) => {
    setMoved(true);
    setIndex((next + SLIDES.length) % SLIDES.length);
  }, []);

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => go(index + 1), INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [running, index, go]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
  }

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Highlights"
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="container hero-inner">
        <div className="hero-slides" id={`${id}-slides`} aria-live={rotating ? 'off' : 'polite'}>
          {SLIDES.map((slide, i) => (
            <div
              key={slide.title}
              className={
                i !== index
                  ? 'hero-slide'
                  : moved
                    ? 'hero-slide is-active is-entering'
                    : 'hero-slide is-active'
              }
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${SLIDES.length}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <div className="hero-copy">
                <p className="hero-eyebrow">Car rental across Ghana</p>
                <h1 className="hero-title">{slide.title}</h1>
                <p className="hero-subtitle">{slide.subtitle}</p>
                <div className="hero-actions">
                  <Link to={slide.primary.to} className="btn btn-accent hero-cta">
                    {slide.primary.label}
                  </Link>
                  <Link to={slide.secondary.to} className="btn hero-cta-secondary">
                    {slide.secondary.label}
                  </Link>
                </div>
                <ul className="hero-points">
                  {slide.points.map((point) => (
                    <li key={point}>
                      <CheckIcon size={16} />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="hero-visual" aria-hidden="true">
                <span className="hero-glow" />
                {/* Sized so that the heading, not the picture, is the largest contentful paint. */}
                <img
                  src={slide.image}
                  alt=""
                  width={800}
                  height={480}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {rating && (
                  <span className="hero-chip hero-chip-rating">
                    <StarIcon size={14} />
                    {formatRating(rating.average)}/5 from {rating.count.toLocaleString('en-GB')}{' '}
                    reviews
                  </span>
                )}
                <span className="hero-chip hero-chip-momo">
                  <CheckIcon size={14} />
                  Pay with MoMo
                </span>
              </div>
            </div>
          ))}
        </div>

        <div className="hero-controls">
          {/* With reduced motion the slides never move on their own, so there is nothing to pause. */}
          {!reducedMotion && (
            <button
              type="button"
              className="hero-control"
              onClick={() => setPlaying((p) => !p)}
              aria-label={rotating ? 'Stop automatic slide show' : 'Start automatic slide show'}
            >
              {rotating ? <PauseIcon size={16} /> : <PlayIcon size={16} />}
            </button>
          )}
          <CarouselNav
            slidesId={`${id}-slides`}
            slideLabels={SLIDES.map((slide, i) => `Slide ${i + 1}: ${slide.title}`)}
            index={index}
            onGo={go}
            noun="slide"
            buttonClassName="hero-control"
            dotsClassName="hero-dots"
            dotClassName="hero-dot"
          />
        </div>
      </div>
    </section>
  );
}
