'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import type { WorkerData } from '@/lib/client/worker/use-worker-data';
import { taskFileLimits } from '@/lib/contract/task-files';
import { LastSignature } from './last-signature';

/** The canvas in device pixels, so the strokes stay sharp on a phone's dense screen. */
function fitCanvas(canvas: HTMLCanvasElement) {
  const ratio = window.devicePixelRatio || 1;
  const { width, height } = canvas.getBoundingClientRect();
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const context = canvas.getContext('2d');
  if (!context) return;
  context.scale(ratio, ratio);
  context.lineWidth = 2.5;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = '#0f172a';
  // A white background: the PNG shows on the office's screens as paper, not as a transparent hole.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
}

/** The client's signature drawn with a finger (pointer events), exported as PNG and sent through the queue. */
export function SignatureSection({ taskId, data, online }: { taskId: number; data: WorkerData; online: boolean }) {
  const t = useTranslations('worker.signature');
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const waiting = data.queue.some((item) => item.taskId === taskId && item.kind === 'signature');

  useEffect(() => {
    if (canvas.current) fitCanvas(canvas.current);
  }, []);

  function point(event: PointerEvent<HTMLCanvasElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  }

  function down(event: PointerEvent<HTMLCanvasElement>) {
    event.currentTarget.setPointerCapture(event.pointerId);
    last.current = point(event);
    const context = event.currentTarget.getContext('2d');
    if (context) {
      // A tap leaves a dot, like a pen does.
      context.beginPath();
      context.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      context.fillStyle = '#0f172a';
      context.fill();
    }
    setDrawn(true);
    setSaved(false);
  }

  function move(event: PointerEvent<HTMLCanvasElement>) {
    if (!last.current) return;
    const context = event.currentTarget.getContext('2d');
    const next = point(event);
    if (context) {
      context.beginPath();
      context.moveTo(last.current.x, last.current.y);
      context.lineTo(next.x, next.y);
      context.stroke();
    }
    last.current = next;
  }

  function up() {
    last.current = null;
  }

  function clear() {
    if (canvas.current) fitCanvas(canvas.current);
    setDrawn(false);
    setSaved(false);
    setProblem(null);
  }

  function save() {
    canvas.current?.toBlob((blob) => {
      if (!blob) return;
      if (blob.size >= taskFileLimits.signatureBytes) {
        setProblem(t('tooLarge'));
        return;
      }
      setProblem(null);
      setSaved(true);
      void data.enqueue(taskId, { kind: 'signature', file: blob });
    }, 'image/png');
  }

  return (
    <section aria-labelledby={`signature-${taskId}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
      <h3 id={`signature-${taskId}`} className="text-sm font-semibold">
        {t('title')}
      </h3>
      <LastSignature taskId={taskId} queue={data.queue} online={online} />
      <canvas
        ref={canvas}
        aria-label={t('pad')}
        role="img"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        className="h-48 w-full touch-none rounded border border-slate-300 bg-white"
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      {saved || waiting ? (
        <p role="status" className="text-sm text-slate-700">
          {waiting ? t('waiting') : t('saved')}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="button" variant="secondary" className="min-h-11 flex-1" onClick={clear}>
          {t('clear')}
        </Button>
        <Button type="button" className="min-h-11 flex-1" onClick={save} disabled={!drawn || saved}>
          {t('save')}
        </Button>
      </div>
    </section>
  );
}
