-- Issue #33: back-in-stock per size, price-drop mail, orders in one click (filled in by its author).
SELECT 1;
