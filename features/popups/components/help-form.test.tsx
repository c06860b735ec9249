/** Spec §5 Help form (issue #14 item 14): the agreement names the privacy policy and the public offer in correct Russian. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HelpForm } from './help-form';

describe('HelpForm agreement', () => {
  it('agrees «с политикой конфиденциальности и публичной офертой», both links', () => {
    render(<HelpForm />);
    const note = screen.getByText(/Нажимая «Отправить»/);
    expect(note.textContent).toBe(
      'Нажимая «Отправить», вы соглашаетесь с политикой конфиденциальности и публичной офертой.',
    );
    expect(screen.getByRole('link', { name: 'публичной офертой' })).toHaveAttribute('href', '/publick-offer');
    expect(screen.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
  });
});
