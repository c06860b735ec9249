-- Issue #32: what the console adds to content, promotions and the catalogue (filled in by its author).
SELECT 1;
