import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { InputField, TextAreaField } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ACCEPTED_IMAGES, uploadImage } from '@/lib/upload-image';
import { useCreateReview } from '../api/create-review';
import { reviewSchema, type ReviewValues } from '../schemas';
import { StarRatingField } from './star-rating-field';

/**
 * Add A Review: the photo is uploaded to the shop, then the review is saved (toasts as in
 * docs/decisions.md, D6; when the shop refuses a review for coming too soon after others, its own
 * message).
 */
export function AddReviewForm({ defaultName = '' }: { defaultName?: string }) {
  const createReview = useCreateReview();
  const empty: ReviewValues = { name: defaultName, description: '', rating: '', image: undefined };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReviewValues>({ resolver: zodResolver(reviewSchema), defaultValues: empty });
  const rating = Number(useWatch({ control, name: 'rating' }));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const img = await uploadImage((values.image as FileList)[0]!);
      await createReview.mutateAsync({
        name: values.name.trim(),
        description: values.description.trim(),
        rating: Number(values.rating),
        img,
      });
      notify.success('Review added successfully');
      reset(empty);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['name', 'description', 'rating']);
      // Too many reviews from one account: the shop's message says how long to wait.
      notify.error(error instanceof ApiError && error.status === 429 ? error.message : 'Failed to add review');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-2xl gap-4">
      <InputField
        label="Name"
        readOnly
        hint="Reviews show the name of your account."
        error={errors.name?.message}
        {...register('name')}
      />
      <TextAreaField label="Description" error={errors.description?.message} {...register('description')} />
      <StarRatingField selected={rating} error={errors.rating?.message} {...register('rating')} />
      <InputField
        label="Image"
        type="file"
        accept={ACCEPTED_IMAGES}
        hint="Your photo, or one of the part in your car. JPEG, PNG, WebP or GIF."
        error={errors.image?.message}
        {...register('image')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Add Review
        </button>
      </div>
    </form>
  );
}
