import type { UploadResponse } from '@/api/types';
import { api } from './api-client';

/** Uploads one image to the shop (docs/decisions.md, D12) and answers the URL to store as `img`. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('image', file);
  const answer = await api.post<UploadResponse>('/image', form);
  if (!answer?.success || !answer.data?.url) throw new Error('The image could not be uploaded.');
  return answer.data.url;
}

/** The picture types the shop accepts (docs/decisions.md, D12; SVG is refused). */
export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

/** A file input's value holds at least one file. */
export function hasFile(files: unknown): files is FileList {
  return typeof files === 'object' && files !== null && 'length' in files && (files as FileList).length > 0;
}
