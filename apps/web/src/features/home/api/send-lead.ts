import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { object, text, type Decoder } from '../../../lib/decode';

const decoder: Decoder<{ message: string }> = object({ message: text });

export interface Lead {
  /** which service: the page's title */
  service: string;
  needs: string;
  company: string;
  contact: string;
}

/**
 * A value-added-service request goes to POST /api/feedback (content: the service and the needs; content2: the
 * company; contact), so it reaches the operators' feedback inbox with a contact to answer.
 */
export function useSendLead() {
  return useMutation({
    mutationKey: ['home', 'lead'],
    mutationFn: (lead: Lead) =>
      apiPost(
        '/api/feedback',
        { content: `【${lead.service}】${lead.needs}`, content2: lead.company, contact: lead.contact },
        decoder,
      ),
  });
}
