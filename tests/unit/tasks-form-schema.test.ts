/** The task forms' yup schemas and the bodies they send. */
import { describe, expect, it } from 'vitest';
import {
  instanceFormSchema,
  toCreateInstanceBody,
  toUpdateInstanceBody,
} from '../../src/screens/tasks/instance-form.schema.ts';
import { templateFormSchema, toTemplateBody } from '../../src/screens/tasks/template-form.schema.ts';

const errorsOf = async (schema: { validate(v: unknown, o: object): Promise<unknown> }, value: unknown) => {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (e) {
    const inner = (e as { inner: { path: string; message: string }[] }).inner;
    // The first failing rule of each field, as the form shows it.
    return Object.fromEntries(inner.reverse().map((x) => [x.path, x.message]));
  }
};

describe('instance form', () => {
  it('needs a position and a task name of at least 3 characters', async () => {
    expect(await errorsOf(instanceFormSchema(), { task_name: ' ab ' })).toMatchObject({
      position_id: 'validation.required',
      task_name: 'validation.minLength|{"min":3}',
    });
  });

  it('takes priority 1 when it is not a number, and refuses a duration of 0', async () => {
    const valid = await instanceFormSchema().validate({
      position_id: 4,
      task_name: 'Check rails',
      priority: null,
    });
    expect(valid).toMatchObject({ priority: 1, is_mandatory: true, is_primary: false });
    expect(
      await errorsOf(instanceFormSchema(), { position_id: 4, task_name: 'Check', duration_minutes: 0 }),
    ).toEqual({
      duration_minutes: 'tasks.form.between|{"min":1,"max":100000}',
    });
  });

  it('sends blank text as null, leaves out what was not chosen, and keeps the position on edit', async () => {
    const values = await instanceFormSchema().validate({
      position_id: 4,
      task_name: '  Check rails ',
      task_code: ' ',
      description: 'North side',
      specific_notes: '',
    });
    expect(toCreateInstanceBody(values)).toEqual({
      position_id: 4,
      task_name: 'Check rails',
      task_code: null,
      description: 'North side',
      priority: 1,
      is_primary: false,
      is_mandatory: true,
      specific_notes: null,
    });
    expect(toUpdateInstanceBody(values)).not.toHaveProperty('position_id');
    expect(toUpdateInstanceBody(values)).toMatchObject({ is_active: true });
  });
});

describe('template form', () => {
  it('needs a task name; the category must be one of the five', async () => {
    expect(await errorsOf(templateFormSchema(), { task_name: '', category: 'painting' })).toMatchObject({
      task_name: 'validation.required',
      category: 'validation.required',
    });
  });

  it('sends no code (the server makes it) and the chosen fields', async () => {
    const values = await templateFormSchema().validate({
      task_name: 'Fire door check',
      category: 'safety',
      priority: 3,
      duration_minutes: 30,
    });
    const body = toTemplateBody(values);
    expect(body).toEqual({
      task_name: 'Fire door check',
      template_name: null,
      description: null,
      category: 'safety',
      priority: 3,
      duration_minutes: 30,
      is_active: true,
    });
    expect(body).not.toHaveProperty('task_code');
  });
});
