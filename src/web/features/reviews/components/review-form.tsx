import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { REVIEW_COMMENT_MAX, reviewMessages } from '../../../../shared/reviews';
import type { CreateReviewInput } from '../../../../shared/schemas/reviews';
import { FieldMessages, describedBy } from '../../../components/form-fields';
import { StarIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useCreateReview } from '../api/reviews';
import './reviews.css';

// The rules load after the page has rendered, not with it (lib/lazy-resolver.ts, PAGE-18).
const resolver = lazyResolver(() =>
  import('../../../../shared/schemas/reviews').then((m) => m.CreateReviewInputSchema),
);

const defaultValues: CreateReviewInput = { rating: null, comment: '' };

/**
 * Rate a completed trip (REVIEW-1, REVIEW-2): five radio buttons drawn as stars (arrow keys move
 * between them, as in any radio group) and an optional comment. Checked when sent, as before a
 * review there is nothing to correct on the way.
 */
export function ReviewForm({ code }: { code: string }) {
  const id = useId();
  const create = useCreateReview(code);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm({ resolver, defaultValues, reValidateMode: 'onSubmit' });
  const rating = Number(watch('rating') ?? 0);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ rating: values.rating, comment: values.comment ?? '' });
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const [field, fieldMessages] of Object.entries(error.errors)) {
        if (field === 'rating' || field === 'comment')
          setError(field, { message: fieldMessages?.[0] });
      }
    }
  });

  const ratingError = errors.rating?.message;
  const commentError = errors.comment?.message;
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
              <input type="radio" value={n} {...register('rating')} />
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
          className="textarea"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={describedBy(`${id}-comment`, 'hint', commentError)}
          {...register('comment')}
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
