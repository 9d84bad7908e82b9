import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { ACCEPTED_IMAGES, hasFile, uploadImage } from '@/lib/upload-image';
import { useSaveProfile } from '../api/save-profile';
import { profileSchema, type ProfileValues } from '../schemas';
import type { Profile } from '../types';

/** My Profile's form, filled from the saved profile when there is one. */
export function ProfileForm({ saved }: { saved: Profile | null }) {
  const saveProfile = useSaveProfile();
  const schema = useMemo(() => profileSchema(Boolean(saved?.img)), [saved?.img]);
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      education: saved?.education ?? '',
      location: saved?.location ?? '',
      city: saved?.city ?? '',
      phone: saved?.phone ?? '',
      linkedin: saved?.linkedin ?? '',
      image: undefined,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const img = hasFile(values.image) ? await uploadImage(values.image[0]!) : (saved?.img ?? '');
      await saveProfile.mutateAsync({
        education: values.education.trim(),
        location: values.location.trim(),
        city: values.city.trim(),
        phone: values.phone.trim(),
        linkedin: values.linkedin.trim(),
        img,
      });
      resetField('image');
      notify.success('Profile information saved');
    } catch (error) {
      applyServerFieldErrors(error, setError, ['education', 'location', 'city', 'phone', 'linkedin']);
      notify.error('Failed to add the profile information');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Education" error={errors.education?.message} {...register('education')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Location" autoComplete="address-level1" error={errors.location?.message} {...register('location')} />
        <InputField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
        <InputField label="LinkedIn" autoComplete="url" error={errors.linkedin?.message} {...register('linkedin')} />
      </div>
      <InputField
        label="Image"
        type="file"
        accept={ACCEPTED_IMAGES}
        hint={saved?.img ? 'Leave empty to keep your current photo.' : 'A photo of you. JPEG, PNG, WebP or GIF.'}
        error={errors.image?.message}
        {...register('image')}
      />
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Save Profile
        </button>
      </div>
    </form>
  );
}
