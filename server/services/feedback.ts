/** Help-form messages (spec §3 Feedback message, §5 Help form, §7 send_message). */
import type { SendMessageBody } from '@/lib/api/contract/feedback';
import { feedbackMessages } from '../db/schema';
import type { Db } from '../db/client';
import type { z } from 'zod';

/** Stores a message of the help form for the shop's staff (no mail is sent). */
export async function saveFeedbackMessage(
  db: Db,
  { message, contactData }: z.output<typeof SendMessageBody>['messageFeedback'],
): Promise<void> {
  await db.insert(feedbackMessages).values({ contactData, message });
}
