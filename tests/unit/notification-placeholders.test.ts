import { describe, expect, it } from 'vitest';
import { barePlaceholders, messageSegments, placeholderOf, prefixPlaceholders, storedToken, unknownPlaceholders } from '@/lib/contract/notifications';

describe('notification placeholders', () => {
  it('reads a person placeholder with or without its prefix, and no other placeholder with one', () => {
    expect(placeholderOf('name')).toBe('name');
    expect(placeholderOf('client_contact_number')).toBe('contact_number');
    expect(placeholderOf('worker_surname')).toBe('surname');
    expect(placeholderOf('client_task_id')).toBeNull();
    expect(placeholderOf('boss_name')).toBeNull();
    expect(placeholderOf('tracking_url')).toBe('tracking_url');
  });

  it('stores the person placeholders after the recipient and leaves the others as they are', () => {
    expect(storedToken('name', 'CLIENT')).toBe('client_name');
    expect(storedToken('appointment', 'WORKER')).toBe('appointment');
    expect(prefixPlaceholders('{client_name} {surname} at {appointment} {odd}', 'WORKER')).toBe(
      '{worker_name} {worker_surname} at {appointment} {odd}',
    );
  });

  it('lists the unknown tokens once each', () => {
    expect(unknownPlaceholders('{a} {name} {a} {client_task_id}')).toEqual(['a', 'client_task_id']);
  });

  it('cuts a message into text and placeholder tags, keeping unknown braces as text', () => {
    expect(messageSegments('Hi {client_name}, {x} at {appointment}')).toEqual([
      { kind: 'text', text: 'Hi ' },
      { kind: 'placeholder', placeholder: 'name', token: 'client_name' },
      { kind: 'text', text: ', {x} at ' },
      { kind: 'placeholder', placeholder: 'appointment', token: 'appointment' },
    ]);
  });
});

describe('barePlaceholders', () => {
  it('drops the prefixes, as the message editor holds placeholders', () => {
    expect(barePlaceholders('{client_name} {worker_contact_number} {task_id} {odd}')).toBe('{name} {contact_number} {task_id} {odd}');
  });
});
