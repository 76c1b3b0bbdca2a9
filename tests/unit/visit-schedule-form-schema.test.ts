import { describe, expect, it } from 'vitest';
import {
  newScheduleValues,
  toCreateBody,
  visitScheduleFormSchema,
} from '../../src/screens/visit-schedules/visit-schedule-form.schema.ts';

const valid = { ...newScheduleValues({ positionId: 4 }), schedule_name: 'Gate rounds' };
const errorsOf = async (values: object) => {
  try {
    await visitScheduleFormSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (e) {
    const inner = (e as { inner: { path: string; message: string }[] }).inner;
    return Object.fromEntries(inner.map((i) => [i.path, i.message]));
  }
};

describe('visit schedule form', () => {
  it('accepts a filled form and sends the body the API takes', async () => {
    expect(await errorsOf({})).toEqual({});
    expect(toCreateBody(await visitScheduleFormSchema.validate(valid))).toEqual({
      schedule_name: 'Gate rounds',
      position_id: 4,
      position_group_id: null,
      days: [1, 2, 3, 4, 5],
      window_start: '06:00',
      window_end: '18:00',
      frequency_kind: 'every',
      frequency_value: 2,
      due_time: null,
      tolerance_minutes: 15,
      task_ids: null,
    });
  });
  it('names the field a rule concerns, with the same rules as the server', async () => {
    expect(Object.keys(await errorsOf({ position_id: null }))).toEqual(['position_id']);
    expect(Object.keys(await errorsOf({ target_kind: 'group' }))).toEqual(['position_group_id']);
    expect(Object.keys(await errorsOf({ days: [] }))).toEqual(['days']);
    expect(Object.keys(await errorsOf({ window_start: '6:00' }))).toEqual(['window_start']);
    expect(Object.keys(await errorsOf({ frequency_value: 25 }))).toEqual(['frequency_value']);
    expect(await errorsOf({ frequency_kind: 'times', frequency_value: 25 })).toEqual({});
    expect(Object.keys(await errorsOf({ frequency_kind: 'by', due_time: '20:00' }))).toEqual(['due_time']);
    expect(await errorsOf({ frequency_kind: 'by', due_time: '09:00', frequency_value: null })).toEqual({});
    // A deadline past midnight inside a night window.
    expect(
      await errorsOf({ frequency_kind: 'by', window_start: '22:00', window_end: '06:00', due_time: '02:00' }),
    ).toEqual({});
  });
});
