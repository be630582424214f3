import { useId, useState, type FormEvent } from 'react';
import { REVIEW_COMMENT_MAX, reviewMessages } from '../../../../shared/reviews';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { StarIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useCreateReview } from '../api/reviews';
import './reviews.css';

/**
 * Rate a completed trip (REVIEW-1, REVIEW-2): five radio buttons drawn as stars (arrow keys move
 * between them, as in any radio group) and an optional comment.
 */
export function ReviewForm({ code }: { code: string }) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({});
  const create = useCreateReview(code);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The rules load with the first submit, not with the page (PAGE-18).
    const { CreateReviewInputSchema } = await import('../../../../shared/schemas/reviews');
    const parsed = CreateReviewInputSchema.safeParse({ rating: rating || undefined, comment });
    if (!parsed.success) {
      const found: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= [issue.message];
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync({ rating, comment });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
    }
  }

  const ratingError = errors.rating?.[0];
  const commentError = errors.comment?.[0];
  const otherError =
    create.error instanceof ApiError && !Object.keys(create.error.errors).length
      ? create.error.message
      : null;

  return (
    <form className="review-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <fieldset
        className="review-rating"
        aria-describedby={ratingError ? `${id}-rating-error` : undefined}
      >
        <legend>Your rating</legend>
        <div className="review-rating-stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={n <= rating ? 'review-star is-on' : 'review-star'}>
              <input
                type="radio"
                name="rating"
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
              />
              <StarIcon size={30} />
              <span className="visually-hidden">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        <FieldMessages id={`${id}-rating`} error={ratingError} />
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-comment`}>Comment (optional)</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          className="textarea"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={describedBy(`${id}-comment`, 'hint', commentError)}
          onChange={(e) => setComment(e.target.value)}
        />
        <FieldMessages
          id={`${id}-comment`}
          hint="Others see your first name, the initial of your last name and the car."
          error={commentError}
        />
      </div>
      {otherError && (
        <p className="alert alert-error" role="alert">
          {otherError}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? 'Sending…' : 'Send review'}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {create.isSuccess ? reviewMessages.thanks : ''}
      </p>
    </form>
  );
}
