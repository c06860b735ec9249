-- Issue #32: the operator console: staff accounts, sessions, TOTP, audit log (filled in by its author).
SELECT 1;
