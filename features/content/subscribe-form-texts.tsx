/**
 * What the footer subscription form shows (spec §7 Subscription, issue #29 consent), built on the
 * server and handed to the client island as props: the form is on every page, so its Russian
 * texts and its class names travel once in the HTML instead of again in the first-visit JavaScript
 * (issues #7 and #30).
 */
import { PersonalDataConsentLabel } from '@/components/consent-checkbox/consent-checkbox';
import { EMAIL_INVALID } from '@/lib/api/contract/feedback-texts';
import { CONSENT_TEXTS } from '@/lib/messages/consent';
import { NEWSLETTER_MESSAGES } from '@/lib/messages/newsletter';
import subscribeFormClasses from './components/subscribe-form.module.css';
import type { SubscribeFormProps } from './components/subscribe-form';

/** The props of the footer's `SubscribeForm`. */
export function subscribeFormProps(): SubscribeFormProps {
  return {
    texts: {
      title: 'Подпишитесь на новости и акции',
      emailLabel: 'Электронная почта',
      placeholder: 'Ваш e-mail',
      button: 'Подписаться',
      emailInvalid: EMAIL_INVALID,
      consentRequired: CONSENT_TEXTS.personalDataRequired,
      failed: NEWSLETTER_MESSAGES.subscribeFailed,
    },
    consentLabel: <PersonalDataConsentLabel />,
    classes: subscribeFormClasses,
  };
}
