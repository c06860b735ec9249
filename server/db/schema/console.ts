/**
 * The operator console (issue #32, DESIGN.md folders `server/routes/admin/`): staff accounts, their
 * sessions and second factor, and the audit log. Migration 0015_operator_console.sql.
 */
export {};
