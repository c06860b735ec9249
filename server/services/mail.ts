/**
 * E-mail of the shop (DESIGN.md "Things the shop needs from outside": e-mail): nodemailer through
 * SMTP when SMTP_URL is set, otherwise each message is written as an .eml file into MAIL_DIR
 * (default .data/mail/), where a developer or an e2e test opens it.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { serverEnv } from '../env';

/** A message to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Where a message went: the SMTP message id or the .eml path. */
export type MailResult = { via: 'smtp'; messageId: string } | { via: 'file'; file: string };

/**
 * Sends a message.
 * @throws whatever nodemailer throws (SMTP refused, folder not writable).
 */
export async function sendMail(message: MailMessage): Promise<MailResult> {
  const env = serverEnv;
  const mail = { from: env.MAIL_FROM, ...message };
  if (env.SMTP_URL) {
    const info = await nodemailer.createTransport(env.SMTP_URL).sendMail(mail);
    return { via: 'smtp', messageId: String(info.messageId) };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail(mail);
  await mkdir(env.MAIL_DIR, { recursive: true });
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, '_');
  const file = path.join(
    env.MAIL_DIR,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeTo}.eml`,
  );
  await writeFile(file, info.message as Buffer);
  return { via: 'file', file };
}
