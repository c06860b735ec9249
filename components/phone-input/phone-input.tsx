'use client';

/**
 * Phone input with the mask of spec §5/§9 `+7(###)-###-##-##` (@react-input/mask; react-input-mask
 * breaks on React 19). The number is entered without 8 (spec §5): a pasted 11-digit number starting
 * with 8 or 7 loses that digit, and an 8 typed into the empty field is dropped (the +7 stands for
 * it; a code starting with 8, e.g. 812, is typed after it: 8812…). The form strips dashes and
 * brackets before sending (lib/validation/auth.ts `unmaskPhone`).
 */
import { InputMask, type Track } from '@react-input/mask';
import { forwardRef, type InputHTMLAttributes } from 'react';

// Module constants: a new object per render would make the mask re-initialise while typing.
const MASK = '+7(___)-___-__-__';
const REPLACEMENT = { _: /\d/ };

const track: Track = ({ inputType, data, value, selectionStart }) => {
  if (inputType !== 'insert' || !data) return data;
  const digits = data.replace(/\D/g, '');
  if (selectionStart <= 3 && digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  // Issue #14 item 14: a number typed from 8 ("8 916 …") — the 8 is the trunk prefix the +7 replaces.
  const entered = value.replace(/^\+7/, '').replace(/\D/g, '');
  if (entered === '' && digits.startsWith('8')) return digits.slice(1) || false;
  return data;
};

/** A masked `<input type="tel">`; all other input props pass through (react-hook-form `register`). */
export const PhoneInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function PhoneInput(props, ref) {
    return (
      <InputMask
        ref={ref}
        mask={MASK}
        replacement={REPLACEMENT}
        track={track}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+7(___)-___-__-__"
        {...props}
      />
    );
  },
);
