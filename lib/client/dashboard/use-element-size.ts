'use client';

import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The size in px of the element `ref` is put on, kept up to date as the layout changes it (a window resize, the grid
 * going from one column to three). 0 × 0 until it is first laid out. Charts draw in px rather than scaling a view box,
 * so their text keeps its size on a phone.
 */
export function useElementSize<T extends HTMLElement>(): [RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setSize((current) =>
        current.width === element.clientWidth && current.height === element.clientHeight ? current : { width: element.clientWidth, height: element.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
