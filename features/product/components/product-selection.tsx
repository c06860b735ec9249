'use client';

import { createContext, useContext, useMemo, useState } from 'react';

type Selection = { offerId: number; setOfferId: (id: number) => void };

const SelectionContext = createContext<Selection | null>(null);

/**
 * Shares the chosen colour (offer id, spec §3 offerColorsList) between the gallery and the
 * purchase panel of a product page. Both render on the server with `initialOfferId`.
 */
export function ProductSelectionProvider({
  initialOfferId,
  children,
}: {
  initialOfferId: number;
  children: React.ReactNode;
}) {
  const [offerId, setOfferId] = useState(initialOfferId);
  const value = useMemo(() => ({ offerId, setOfferId }), [offerId]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

/** The chosen offer id and its setter; throws outside `ProductSelectionProvider`. */
export function useProductSelection(): Selection {
  const value = useContext(SelectionContext);
  if (!value) throw new Error('useProductSelection outside ProductSelectionProvider');
  return value;
}
