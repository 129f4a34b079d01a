'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

/**
 * The texts MapLibre writes itself (control tooltips, the canvas's and markers' names), in the user's language: the
 * `locale` option of every map the app makes. MapLibre's keys hold a dot, which next-intl reads as nesting, so the
 * messages spell it as an underscore.
 */
export function useMapLocale(): Record<string, string> {
  const t = useTranslations('mapControls');
  return useMemo(
    () => ({
      'AttributionControl.ToggleAttribution': t('AttributionControl_ToggleAttribution'),
      'AttributionControl.MapFeedback': t('AttributionControl_MapFeedback'),
      'FullscreenControl.Enter': t('FullscreenControl_Enter'),
      'FullscreenControl.Exit': t('FullscreenControl_Exit'),
      'GeolocateControl.FindMyLocation': t('GeolocateControl_FindMyLocation'),
      'GeolocateControl.LocationNotAvailable': t('GeolocateControl_LocationNotAvailable'),
      'LogoControl.Title': t('LogoControl_Title'),
      'Map.Title': t('Map_Title'),
      'Marker.Title': t('Marker_Title'),
      'NavigationControl.ResetBearing': t('NavigationControl_ResetBearing'),
      'NavigationControl.ZoomIn': t('NavigationControl_ZoomIn'),
      'NavigationControl.ZoomOut': t('NavigationControl_ZoomOut'),
      'Popup.Close': t('Popup_Close'),
    }),
    [t],
  );
}
