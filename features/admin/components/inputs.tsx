'use client';
/**
 * Inputs the console's forms share (issue #32): an image field uploaded through the media pipeline
 * (`POST /api/admin/media` → URL kept in the record), a Markdown field with the API's preview, and
 * the phone test that swaps tables for react-admin's SimpleList on narrow screens.
 */
import {
  Box,
  Button,
  CircularProgress,
  FormHelperText,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import {
  required as requiredValidator,
  TextInput,
  useDataProvider,
  useInput,
  useNotify,
  useResourceContext,
  useTranslate,
  type TextInputProps,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AdminDataProvider } from '../data-provider';

/** True below MUI's `sm` breakpoint (600 px): lists render as SimpleList (390 px phones). */
export function useIsPhone(): boolean {
  return useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
}

/**
 * An image field: shows the current picture and a button that uploads a chosen file; the field's
 * value becomes the URL the API answers. `source` is the record's field (a URL string); `required`
 * makes the form refuse to save without a picture.
 */
export function MediaInput({ source, label, required }: { source: string; label?: string; required?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const resource = useResourceContext();
  const { field, fieldState, isRequired } = useInput({ source, validate: required ? requiredValidator() : undefined });
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const caption = label ?? translate(`resources.${resource}.fields.${source}`, { _: source });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      field.onChange(await dataProvider.uploadMedia(file));
      notify('admin.media.uploaded', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ my: 1, width: '100%' }}>
      <Typography component="span" variant="body2" color="text.secondary" id={`${inputId}-label`}>
        {caption}
        {isRequired ? ' *' : ''}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 1 }}>
        {field.value ? (
          // eslint-disable-next-line @next/next/no-img-element -- the console's preview of an uploaded file
          <img
            src={String(field.value)}
            alt={caption}
            style={{ maxWidth: 240, maxHeight: 120, objectFit: 'contain' }}
          />
        ) : (
          <Typography variant="body2">{translate('admin.media.none')}</Typography>
        )}
        <Button
          variant="outlined"
          disabled={busy}
          aria-describedby={`${inputId}-label`}
          onClick={() => fileInput.current?.click()}
        >
          {busy ? (
            <CircularProgress size={20} aria-label={translate('admin.media.uploading')} />
          ) : (
            translate('admin.media.choose')
          )}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          aria-label={caption}
          accept="image/jpeg,image/png,image/webp,image/avif"
          onChange={choose}
        />
      </Box>
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/**
 * A Markdown field with two tabs: the text and the API's rendered, sanitised preview
 * (`POST /api/admin/articles/preview`), so the editor sees what the shop will show.
 */
export function MarkdownInput(props: TextInputProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const resource = useResourceContext();
  const markdown: unknown = useWatch({ name: props.source });
  const [tab, setTab] = useState(0);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function showPreview() {
    setTab(1);
    setHtml(null);
    setError(null);
    try {
      setHtml(await dataProvider.previewMarkdown(String(markdown ?? '')));
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Box sx={{ width: '100%' }}>
      <Tabs
        value={tab}
        onChange={(_, value: number) => (value === 1 ? showPreview() : setTab(0))}
        aria-label={translate(`resources.${resource}.fields.${props.source}`, { _: props.source })}
      >
        <Tab label={translate('admin.markdown.edit')} id={`${id}-tab-0`} aria-controls={`${id}-panel-0`} />
        <Tab label={translate('admin.markdown.preview')} id={`${id}-tab-1`} aria-controls={`${id}-panel-1`} />
      </Tabs>
      <div role="tabpanel" id={`${id}-panel-0`} aria-labelledby={`${id}-tab-0`} hidden={tab !== 0}>
        <TextInput multiline minRows={10} fullWidth {...props} />
      </div>
      <div role="tabpanel" id={`${id}-panel-1`} aria-labelledby={`${id}-tab-1`} hidden={tab !== 1}>
        {error ? (
          <FormHelperText error>{error}</FormHelperText>
        ) : html === null ? (
          <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
        ) : (
          <Box
            data-testid="markdown-preview"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, my: 1, '& img': { maxWidth: '100%' } }}
            // The API renders with marked and sanitises with sanitize-html before answering.
            dangerouslySetInnerHTML={{ __html: html || `<p>${translate('admin.markdown.empty')}</p>` }}
          />
        )}
      </div>
    </Box>
  );
}
