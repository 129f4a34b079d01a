'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Modal } from '@/components/ui/modal';
import { cropToSquare } from './crop-image';

/**
 * Crops a chosen image to a square and hands back the 300×300 PNG: the picture is cut in the browser, so the server
 * only ever stores the small square the user saw.
 */
export function AvatarCropDialog({
  source,
  onCancel,
  onCropped,
}: {
  /** An object URL of the chosen file; null keeps the dialog closed. */
  source: string | null;
  onCancel: () => void;
  onCropped: (picture: Blob) => void | Promise<void>;
}) {
  const t = useTranslations('avatarCrop');
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    if (!source || !area) return;
    setBusy(true);
    try {
      await onCropped(await cropToSquare(source, area));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={source !== null}
      onClose={onCancel}
      title={t('title')}
      width={440}
      footer={
        <DialogActions
          cancelLabel={t('cancel')}
          onCancel={onCancel}
          cancelDisabled={busy}
          confirmLabel={t('apply')}
          onConfirm={() => void apply()}
          confirmDisabled={!area || busy}
        />
      }
    >
      <div className="relative h-72 w-full overflow-hidden rounded-md bg-slate-900">
        {source ? (
          <Cropper
            image={source}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
          />
        ) : null}
      </div>
      <label className="mt-3 flex items-center gap-3 text-sm text-slate-700">
        {t('zoom')}
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="flex-1 accent-brand"
        />
      </label>
    </Modal>
  );
}
