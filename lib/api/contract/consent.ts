/**
 * Consent fields of the forms that take personal data (issue #29; 152-ФЗ art. 9, 38-ФЗ art. 18):
 * `personal_data_consent` must be `true` (the unticked box is refused with a Russian message, by
 * the form and by the API), `advertising_consent` is optional. Spread into the bodies of
 * registration, the help form and the subscription form; the order body takes both as optional
 * booleans and the API requires the first for guests (server/services/checkout.ts).
 */
import { z } from 'zod';
import { CONSENT_TEXTS } from '../../messages/consent';

/** The required box: only `true` passes. */
export const PersonalDataConsent = z.literal(true, { error: CONSENT_TEXTS.personalDataRequired });

/** The optional advertising box (absent = not given). */
export const AdvertisingConsent = z.boolean().default(false);

/** Both boxes, for `z.object({...ConsentFields})`. */
export const ConsentFields = {
  personal_data_consent: PersonalDataConsent,
  advertising_consent: AdvertisingConsent,
};
