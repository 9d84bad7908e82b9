import { z } from '@/lib/zod';
import { hasFile } from '@/lib/upload-image';

/** Add A Review: "... is Required" for each empty field, and a rating from 1 to 5 (docs/decisions.md, D9). */
export const reviewSchema = z.object({
  name: z.string().trim().min(1, 'Name is Required'),
  description: z.string().trim().min(1, 'Description is Required'),
  rating: z
    .string()
    .trim()
    .min(1, 'Rating is Required')
    .refine((v) => /^[1-5]$/.test(v), 'Rating must be a whole number from 1 to 5'),
  image: z.custom<FileList | undefined>().refine(hasFile, 'Image is Required'),
});

export type ReviewValues = z.input<typeof reviewSchema>;
