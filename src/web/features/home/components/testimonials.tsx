import { CarouselNav } from '../../../components/carousel-nav';
import { useId, useState, type KeyboardEvent } from 'react';
import { QuoteIcon, StarIcon } from '../../../components/icons';
import './testimonials.css';

const TESTIMONIALS = [
  {
    name: 'Akosua Boateng',
    place: 'East Legon, Accra',
    rating: 5,
    quote:
      'I booked a RAV4 for my sister’s wedding weekend and paid with MoMo in two minutes. The car was spotless and it was brought to the house right on time.',
  },
  {
    name: 'Kwame Asante',
    place: 'Kumasi',
    rating: 5,
    quote:
      'Drove the Hilux from Kumasi to Tamale and back without a single problem. The price I saw was the price I paid, and they picked up the phone at 11 pm when I had a question.',
  },
  {
    name: 'Efua Owusu',
    place: 'Cape Coast',
    rating: 4,
    quote:
      'Renting for my parents’ visit from London was so easy. Cash at pickup, a full tank and a friendly team that explained everything before we drove off.',
  },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/** PAGE-4: a carousel of three testimonials. It moves only when asked (no auto-rotation). */
export function Testimonials() {
  const id = useId();
  const [index, setIndex] = useState(0);
  const go = (next: number) => setIndex((next + TESTIMONIALS.length) % TESTIMONIALS.length);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
  }

  return (
    <section className="testimonials" aria-labelledby={`${id}-title`}>
      <div className="container testimonials-inner">
        <div className="testimonials-intro">
          <p className="section-eyebrow">Testimonials</p>
          <h2 id={`${id}-title`}>What our customers say</h2>
          <div className="rating-summary">
            <span className="rating-stars" aria-hidden="true">
              {[0, 1, 2, 3, 4].map((i) => (
                <StarIcon key={i} size={20} />
              ))}
            </span>
            <p>
              Rated <strong>4.7/5</strong> on 28,370 reviews
            </p>
          </div>
        </div>

        <div
          className="testimonial-carousel"
          role="region"
          aria-roledescription="carousel"
          aria-label="Customer reviews"
          onKeyDown={onKeyDown}
        >
          <div className="testimonial-slides" id={`${id}-slides`} aria-live="polite">
            {TESTIMONIALS.map((t, i) => (
              <div
                key={t.name}
                className={i === index ? 'testimonial is-active' : 'testimonial'}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${TESTIMONIALS.length}`}
                aria-hidden={i !== index}
              >
                <figure>
                  <QuoteIcon size={36} className="testimonial-quote-mark" />
                  <p className="testimonial-stars">
                    {[0, 1, 2, 3, 4].map((s) => (
                      <StarIcon
                        key={s}
                        size={16}
                        className={s < t.rating ? 'star-on' : 'star-off'}
                      />
                    ))}
                    <span className="visually-hidden">{t.rating} out of 5 stars</span>
                  </p>
                  <blockquote>
                    <p>{t.quote}</p>
                  </blockquote>
                  <figcaption>
                    <span className="testimonial-avatar" aria-hidden="true">
                      {initials(t.name)}
                    </span>
                    <span>
                      <strong>{t.name}</strong>
                      <span className="testimonial-place">{t.place}</span>
                    </span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
          <div className="testimonial-controls">
            <CarouselNav
              slidesId={`${id}-slides`}
              slideLabels={TESTIMONIALS.map((t, i) => `Review ${i + 1} by ${t.name}`)}
              index={index}
              onGo={go}
              noun="review"
              buttonClassName="round-btn"
              dotsClassName="testimonial-dots"
              dotClassName="testimonial-dot"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
