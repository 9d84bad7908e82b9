import { z } from '@/lib/zod';
import { hasFile } from '@/lib/upload-image';

/**
 * My Profile: every field names itself when missing (docs/decisions.md, D7). A saved photo
 * counts as the image, so a second save need not upload it again.
 */
export function profileSchema(hasSavedImage: boolean) {
  return z.object({
    education: z.string().trim().min(1, 'Education is Required'),
    location: z.string().trim().min(1, 'Location is Required'),
    city: z.string().trim().min(1, 'City is Required'),
    phone: z
      .string()
      .trim()
      .min(1, 'Phone is Required')
      .refine((v) => /^\+?[0-9][0-9 ()-]{5,19}$/.test(v), 'Provide a valid phone number'),
    linkedin: z.string().trim().min(1, 'LinkedIn is Required'),
    image: z.custom<FileList | undefined>().refine((files) => hasSavedImage || hasFile(files), 'Image is Required'),
  });
}

export type ProfileValues = z.input<ReturnType<typeof profileSchema>>;
