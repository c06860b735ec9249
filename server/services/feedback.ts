/** Help-form messages (spec §3 Feedback message, §5 Help form, §7 send_message). */
import type { SendMessageBody } from '@/lib/api/contract/feedback';
import { feedbackMessages } from '../db/schema';
import { consentSubject, recordConsents, type ConsentEvidence } from './consent';
import type { Db } from '../db/client';
import type { z } from 'zod';

/**
 * Stores a message of the help form for the shop's staff (no mail is sent) and, in the same
 * transaction, the personal data consent its form carried (issue #29, 152-ФЗ art. 9). The subject
 * is the signed-in account, else the contact: an e-mail address or the digits of a phone.
 */
export async function saveFeedbackMessage(
  db: Db,
  { message, contactData }: z.output<typeof SendMessageBody>['messageFeedback'],
  consent: { userId: number | null; evidence: ConsentEvidence } = {
    userId: null,
    evidence: { clientAddress: '', userAgent: '' },
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(feedbackMessages).values({ contactData, message });
    const contact = contactData.includes('@') ? { email: contactData } : { phone: contactData };
    await recordConsents(tx, {
      userId: consent.userId,
      subject: consentSubject({ userId: consent.userId, ...contact }),
      documents: ['personal-data'],
      form: 'feedback',
      evidence: consent.evidence,
    });
  });
}
