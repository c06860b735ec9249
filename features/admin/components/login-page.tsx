'use client';
/**
 * The console's sign-in page (issue #32): login and password, then — when the API asks for it
 * (401 `totpRequired`) — the six-digit TOTP code on a second step, keeping what was typed.
 * Errors are the API's Russian messages (wrong password, throttled login: 429).
 */
import { Box, Button, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { TotpRequiredError } from '../auth-provider';

/** react-admin's `loginPage`: a centred card with the form. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [values, setValues] = useState({ login: '', password: '', totp: '' });
  const [totpStep, setTotpStep] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ login: values.login, password: values.password, ...(totpStep ? { totp: values.totp } : {}) });
    } catch (failure) {
      if (failure instanceof TotpRequiredError && !totpStep) {
        setTotpStep(true);
      } else {
        const message = failure instanceof Error && failure.message ? failure.message : translate('admin.login.failed');
        setError(message);
        notify(message, { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((old) => ({ ...old, [name]: event.target.value })),
    fullWidth: true,
    margin: 'normal' as const,
    required: true,
  });

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('admin.login.title')}
          </Typography>
          <form onSubmit={submit} noValidate={false}>
            <TextField
              {...field('login')}
              id="admin-login"
              label={translate('admin.login.login')}
              autoComplete="username"
            />
            <TextField
              {...field('password')}
              id="admin-password"
              type="password"
              label={translate('admin.login.password')}
              autoComplete="current-password"
            />
            {totpStep && (
              <TextField
                {...field('totp')}
                id="admin-totp"
                label={translate('admin.login.totp')}
                helperText={translate('admin.login.totpHint')}
                autoComplete="one-time-code"
                autoFocus
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
              />
            )}
            {error && (
              <Typography role="alert" color="error" sx={{ mt: 1 }}>
                {error}
              </Typography>
            )}
            <Button type="submit" variant="contained" fullWidth sx={{ mt: 2 }} disabled={busy}>
              {busy ? (
                <CircularProgress size={24} color="inherit" aria-label="Вход…" />
              ) : (
                translate('admin.login.submit')
              )}
            </Button>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
