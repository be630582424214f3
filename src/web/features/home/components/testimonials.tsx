import { CarouselNav } from '../../../components/carousel-nav';
import { useId, useState, type KeyboardEvent } from 'react';
import { formatRating, homeShowsReviews } from '../../../../shared/reviews';
import type { ReviewSummary } from '../../../../shared/schemas/reviews';
import { QuoteIcon, StarIcon } from '../../../components/icons';
import './testimonials.css';

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('');
}

/**
 * PAGE-4, REVIEW-5: real reviews in a carousel, with the real average and count, and nothing
 * at all below 3 visible reviews (never a made-up figure). It moves only when asked.
 */
export function Testimonials({ summary }: { summary: ReviewSummary | undefined }) {
  const id = useId();
  const [index, setIndex] = useState(0);
  if (!summary || !homeShowsReviews(summary) || summary.reviews.length === 0) return null;
  return <TestimonialsShown id={id} summary={summary} index={index} setIndex={setIndex} />;
}

function TestimonialsShown({
  id,
  summary,
  index: rawIndex,
  setIndex,
}: {
  id: string;
  summary: ReviewSummary;
  index: number;
  setIndex: (index: number) => void;
}) {
  const slides = summary.reviews.map((review) => ({
    key: review.id,
    name: review.author,
    place: review.car,
    rating: review.rating,
    quote: review.comment ?? '',
  }));
  const index = rawIndex % slides.length;
  const go = (next: number) => setIndex((next + slides.length) % slides.length);

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
              {[1, 2, 3, 4, 5].map((i) => (
                <StarIcon
                  key={i}
                  size={20}
                  className={i <= Math.round(summary.average!) ? 'star-on' : 'star-off'}
                />
              ))}
            </span>
            <p>
              Rated <strong>{formatRating(summary.average!)}/5</strong> on{' '}
              {summary.count.toLocaleString('en-GB')} {summary.count === 1 ? 'review' : 'reviews'}
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
            {slides.map((t, i) => (
              <div
                key={t.key}
                className={i === index ? 'testimonial is-active' : 'testimonial'}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
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
              slideLabels={slides.map((t, i) => `Review ${i + 1} by ${t.name}`)}
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
