'use client';
/**
 * The owner's TOTP setup (issue #32: the second factor is required for the owner; the API answers
 * 403 to an owner without it): asks the API for a new secret with its QR code, shows both, and
 * enables the factor once the owner types a valid code from the authenticator app.
 */
import { Alert, Box, Button, Card, CardContent, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { refreshIdentity } from '../auth-provider';
import { ADMIN_API, adminFetch } from '../http';

type Setup = { secret: string; otpauthUrl: string; qrSvg: string };

/** The setup card; after enabling it reloads the console with the new identity. */
export function TotpSetup() {
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    adminFetch(`${ADMIN_API}/auth/totp/setup`, { method: 'POST', body: '{}' })
      .then(({ json }) => setSetup(json as Setup))
      .catch((failure: Error) => setError(failure.message));
  }, []);

  async function enable(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await adminFetch(`${ADMIN_API}/auth/totp/enable`, { method: 'POST', body: JSON.stringify({ code }) });
      await refreshIdentity();
      notify('admin.totp.enabled', { type: 'success' });
      window.location.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  }

  return (
    <Card sx={{ maxWidth: 560, mt: 2 }}>
      <CardContent>
        <Title title={translate('admin.totp.title')} />
        <Typography component="h2" variant="h5" gutterBottom>
          {translate('admin.totp.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('admin.totp.explain')}</Typography>
        {setup && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
            {/* The API's SVG as an image, not as markup: nothing in it can run in the console. */}
            {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL next/image cannot optimise */}
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
              alt={translate('admin.totp.qrAlt')}
              width={200}
              height={200}
              style={{ background: '#fff' }}
            />
            <Box>
              <Typography variant="subtitle2" component="p">
                {translate('admin.totp.secret')}
              </Typography>
              <Typography data-testid="totp-secret" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {setup.secret}
              </Typography>
            </Box>
          </Box>
        )}
        <form onSubmit={enable}>
          <TextField
            id="admin-totp-code"
            label={translate('admin.totp.code')}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
            autoComplete="one-time-code"
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
          />
          <Button type="submit" variant="contained" sx={{ ml: 2, mt: 1 }} disabled={!setup}>
            {translate('admin.totp.enable')}
          </Button>
        </form>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
