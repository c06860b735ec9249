import type { TextFormat } from '@/lib/api/contract/publications';
import { renderRichText } from '../utils/rich-text';
import styles from './rich-text.module.css';

/**
 * Stored content (markdown or HTML from the API) rendered as sanitised HTML on the server
 * (`renderRichText`), styled as prose. Server component: marked and sanitize-html stay off the
 * client bundle.
 */
export function RichText({ text, format }: { text: string; format: TextFormat }) {
  return <div className={styles.prose} dangerouslySetInnerHTML={{ __html: renderRichText(text, format) }} />;
}
