'use client';

import type { ReviewSummary } from '@/lib/api/contract/reviews';
import { lazyIsland } from '@/lib/lazy-island';
import { usePopupsStore } from '@/stores/popups-store';
import type { SizeChart as Chart } from '../utils/size-charts';

// Issue #7: the modal and its table load when the shopper opens the chart.
const SizeChartDialog = lazyIsland(() => import('./size-chart-dialog').then((m) => m.SizeChartDialog));

/**
 * "Таблица размеров" (spec §2 Popups "size chart"; Layout: Escape closes it): a link-styled button
 * on the product page opening a modal with Russian and international sizes and measurements.
 * Open state lives in the popups store under 'sizeChart', so a route change closes it.
 * `fit` (issue #33 item 5): how this product's reviewers found each size they bought, shown in the popup.
 * `className`: the button's class (size-chart.module.css `trigger`, from the server: a client module
 * importing the CSS module would put its class map into the first-visit JS; issue #30).
 */
export function SizeChart({
  chart,
  fit = [],
  className,
}: {
  chart: Chart;
  fit?: ReviewSummary['sizes'];
  className?: string;
}) {
  const open = usePopupsStore((s) => s.open.has('sizeChart'));
  const openPopup = usePopupsStore((s) => s.openPopup);
  const closePopup = usePopupsStore((s) => s.closePopup);
  return (
    <>
      <button type="button" className={className} onClick={() => openPopup('sizeChart')} aria-haspopup="dialog">
        Таблица размеров
      </button>
      {open ? <SizeChartDialog chart={chart} fit={fit} onClose={() => closePopup('sizeChart')} /> : null}
    </>
  );
}
