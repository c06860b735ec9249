'use client';

import { useEffect } from 'react';
import { startFieldVitals } from '../utils/field-vitals';
import { vitalsPageType } from '../utils/vitals-page-type';

/**
 * Field Core Web Vitals of this page view (issue #30): rendered by the shop layout's widgets only
 * after cookie consent and loaded by a dynamic import, so neither it nor web-vitals is first-visit
 * JS. Files the view under the page type it began on; renders nothing.
 */
export function FieldVitals() {
  useEffect(() => {
    const page = vitalsPageType(window.location.pathname);
    return page ? startFieldVitals(page) : undefined;
  }, []);
  return null;
}
