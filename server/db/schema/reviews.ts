/** Reviews with fit (issue #33 items 1 and 5). Migration 0016_reviews.sql. */
export {};
