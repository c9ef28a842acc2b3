import { apiPost } from '../../../lib/api-client';
import { object, text } from '../../../lib/decode';

/** POST /api/user/setIntention {contrastId, intentionKolId} → the server's message (§4: only that creator isAdmire). */
export function setIntention(contrastId: number, intentionKolId: number): Promise<string> {
  return apiPost('/api/user/setIntention', { contrastId, intentionKolId }, object({ message: text })).then(
    (answer) => answer.message,
  );
}
