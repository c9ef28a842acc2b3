import { useMutation } from '@tanstack/react-query';
import type { SetCoverImageParams } from '@xg/shared';
import { apiPost } from '../../../lib/api-client';
import { number, object, string, text, type Decoder } from '../../../lib/decode';

interface CoverAnswer {
  code: number;
  message: string;
  coverImage: string;
}
const coverDecoder: Decoder<CoverAnswer> = object<CoverAnswer>({ code: number, message: text, coverImage: string });

/** POST /api/user/setCoverImage {coverImage} (a preset cover or an https URL) → { coverImage }, 修改成功. */
export function setCoverImage(params: SetCoverImageParams): Promise<CoverAnswer> {
  return apiPost('/api/user/setCoverImage', { coverImage: params.coverImage }, coverDecoder);
}

export function useSetCoverImageMutation() {
  return useMutation({ mutationKey: ['account', 'cover'], mutationFn: setCoverImage });
}
