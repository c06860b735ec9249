-- Issue #33: reviews with fit (filled in by its author).
SELECT 1;
