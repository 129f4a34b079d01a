import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddressSearch } from '@/components/map/address-search';
import { LocationField } from '@/components/tasks/drawer/location-field';
import { WorkerSchedulingSection } from '@/components/working-hours/working-template/worker-scheduling-section';
import { Feature } from '@/lib/contract/features';
import { consoleConfig } from '@/lib/server/screens/console-config';
import en from '@/messages/en.json';
import { renderInConsole } from './support/render-console';

const saved = process.env.GEOCODER_URL;
afterEach(() => {
  if (saved === undefined) delete process.env.GEOCODER_URL;
  else process.env.GEOCODER_URL = saved;
});

const render = (geocoder: boolean, element: ReactNode) => renderInConsole({ features: [], geocoder }, element);

const searchBox = `aria-label="${en.taskDrawer.fields.addressSearch}"`;
const noLocation = { address: '', latitude: null, longitude: null };

describe('the console config the main layout renders', () => {
  it('says there is no geocoder when GEOCODER_URL is unset or empty, and one when it is set', () => {
    delete process.env.GEOCODER_URL;
    expect(consoleConfig([]).geocoder).toBe(false);
    process.env.GEOCODER_URL = '';
    expect(consoleConfig([]).geocoder).toBe(false);
    process.env.GEOCODER_URL = 'http://127.0.0.1:9/search';
    expect(consoleConfig([]).geocoder).toBe(true);
  });

  it("carries the company's features as they are", () => {
    expect(consoleConfig([Feature.zones, Feature.accounting]).features).toEqual([Feature.zones, Feature.accounting]);
  });
});

describe('address search without a geocoder', () => {
  it('offers no search box at all, and one when the geocoder is configured', () => {
    expect(render(false, createElement(AddressSearch, { onPick: () => undefined }))).toBe('');
    expect(render(true, createElement(AddressSearch, { onPick: () => undefined }))).toContain(searchBox);
  });

  it("keeps the task form's address box and drops its search", () => {
    const field = createElement(LocationField, { value: noLocation, onChange: () => undefined, mapStyleUrl: null });
    const without = render(false, field);
    expect(without).not.toContain(searchBox);
    expect(without).toContain(en.taskDrawer.fields.address);
    expect(render(true, field)).toContain(searchBox);
  });

  it("tells the worker's start location that without a search the worker sets out from the office", () => {
    const section = (geocoder: boolean) =>
      render(
        geocoder,
        createElement(WorkerSchedulingSection, {
          state: { kind: 'ready', draft: { startLocation: null, limit: '' }, office: null },
          problems: {},
          disabled: false,
          onChange: () => undefined,
        }),
      );
    expect(section(false)).toContain(en.workerScheduling.noSearch);
    expect(section(false)).not.toContain(en.workerScheduling.search);
    expect(section(true)).toContain(en.workerScheduling.search);
    expect(section(true)).not.toContain(en.workerScheduling.noSearch);
  });
});
