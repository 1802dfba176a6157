import { useEffect, useState } from 'react';

/** The height left for a panel below the page's header (the window's, at least `min`). */
export function useViewportHeight(offset: number, min: number): number {
  const [height, setHeight] = useState(() => Math.max(min, window.innerHeight - offset));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(min, window.innerHeight - offset));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [offset, min]);
  return height;
}
