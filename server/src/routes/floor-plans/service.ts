/**
 * Floor plans: a plan per building and floor, its image in the photo store (the
 * folder or the bucket, infra/photo-stores.ts) checked as photos are (a JPEG, PNG or WebP by its
 * bytes, at most the site's maxFileUploadSize MB), and where positions sit on it. Every change is
 * audited in its own transaction; an image replaced or a plan deleted removes its file after the
 * rows are committed (a file left behind is logged, never a failed request).
 */
import type { Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FLOOR_PLAN_LIMITS } from '#domain/coverage-map.ts';
import { auditDiff } from '../../lib/audit-record.ts';
import { errors, HttpError } from '../../lib/errors.ts';
import { trimmedName } from '../../lib/text-rules.ts';
import * as repo from '../../repositories/floor-plans.ts';
import { getSiteSettings } from '../../repositories/site-settings.ts';
import type { FloorPlanCreate, FloorPlanPlacements, FloorPlanUpdate } from '../../schemas/coverage-map.ts';
import type { RequestContext } from '../../types.ts';
import { NotAnImage, type PhotoStore, savePhoto } from '../work-entries/photo-store.ts';

const notFound = () => errors.notFound('Floor plan not found', 'FLOOR_PLAN_NOT_FOUND');

const imageError = (status: number, message: string, rule: string, code = 'VALIDATION_ERROR') =>
  new HttpError(status, `image: ${message}`, { code, details: [{ field: 'image', message, rule }] });

const audited = (p: repo.ApiFloorPlan) => ({ plan_name: p.plan_name, building: p.building, floor: p.floor });

export const listFloorPlans = async (ctx: RequestContext) => ({
  floor_plans: await repo.listPlans(ctx.db, ctx.siteId),
});

export async function getFloorPlan(ctx: RequestContext, id: number) {
  const plan = await repo.findPlan(ctx.db, ctx.siteId, id);
  if (!plan) throw notFound();
  return plan;
}

export async function createFloorPlan(ctx: RequestContext, body: Static<typeof FloorPlanCreate>) {
  const values = {
    planName: trimmedName('plan_name', body.plan_name, FLOOR_PLAN_LIMITS.nameMin),
    building: body.building?.trim() ?? '',
    floor: body.floor?.trim() ?? '',
  };
  return ctx.db.transaction(async (tx) => {
    const row = await repo.planRows.insert(tx, ctx.siteId, values);
    const after = repo.toApiPlan(row, []);
    const changes = auditDiff(null, audited(after));
    await ctx.audit(tx, { action: 'floor_plan.create', entity: 'floor_plan', id: row.id, changes });
    return after;
  });
}

export async function updateFloorPlan(ctx: RequestContext, id: number, body: Static<typeof FloorPlanUpdate>) {
  return ctx.db.transaction(async (tx) => {
    const inTx = { ...ctx, db: tx };
    const before = await getFloorPlan(inTx, id);
    await repo.planRows.update(tx, ctx.siteId, id, {
      ...(body.plan_name !== undefined
        ? { planName: trimmedName('plan_name', body.plan_name, FLOOR_PLAN_LIMITS.nameMin) }
        : {}),
      ...(body.building !== undefined ? { building: body.building.trim() } : {}),
      ...(body.floor !== undefined ? { floor: body.floor.trim() } : {}),
      updatedAt: new Date(),
    });
    const after = await getFloorPlan(inTx, id);
    const changes = auditDiff(audited(before), audited(after));
    await ctx.audit(tx, { action: 'floor_plan.update', entity: 'floor_plan', id, changes });
    return after;
  });
}

export async function deleteFloorPlan(ctx: RequestContext, store: PhotoStore, id: number) {
  const key = await ctx.db.transaction(async (tx) => {
    const row = await repo.findPlanRow(tx, ctx.siteId, id, true);
    if (!row) throw notFound();
    const before = await getFloorPlan({ ...ctx, db: tx }, id);
    await repo.planRows.remove(tx, ctx.siteId, id);
    const changes = {
      ...auditDiff(audited(before), null),
      placements: { old: before.placements.length, new: null },
    };
    await ctx.audit(tx, { action: 'floor_plan.delete', entity: 'floor_plan', id, changes });
    return row.imageKey;
  });
  if (key) await store.delete([key]);
  return { message: 'Floor plan deleted' };
}

export async function putPlacements(
  ctx: RequestContext,
  id: number,
  body: Static<typeof FloorPlanPlacements>,
) {
  const ids = body.placements.map((p) => p.position_id);
  if (new Set(ids).size !== ids.length) {
    const message = 'A position is placed once per plan';
    throw errors.badRequest(message, 'VALIDATION_ERROR', [
      { field: 'placements', message, rule: 'uniqueItems' },
    ]);
  }
  const known = await repo.sitePositionIds(ctx.db, ctx.siteId, ids);
  const unknown = ids.findIndex((p) => !known.has(p));
  if (unknown >= 0) {
    const message = 'No such position on this site';
    throw errors.badRequest(message, 'VALIDATION_ERROR', [
      { field: `placements/${unknown}/position_id`, message, rule: 'exists' },
    ]);
  }
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findPlanRow(tx, ctx.siteId, id, true))) throw notFound();
    const before = await getFloorPlan({ ...ctx, db: tx }, id);
    await repo.replacePlacements(tx, ctx.siteId, id, body.placements);
    await repo.planRows.update(tx, ctx.siteId, id, { updatedAt: new Date() });
    const after = await getFloorPlan({ ...ctx, db: tx }, id);
    const key = (l: repo.ApiPlacement[]) => Object.fromEntries(l.map((p) => [p.position_id, [p.x, p.y]]));
    const [old, now] = [key(before.placements), key(after.placements)];
    const moved = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter(
      (k) => JSON.stringify(old[k]) !== JSON.stringify(now[k]),
    );
    const changes = {
      placements: {
        old: moved.filter((k) => old[k]).map((k) => ({ position_id: Number(k), x: old[k][0], y: old[k][1] })),
        new: moved.filter((k) => now[k]).map((k) => ({ position_id: Number(k), x: now[k][0], y: now[k][1] })),
      },
    };
    await ctx.audit(tx, { action: 'floor_plan.placements', entity: 'floor_plan', id, changes });
    return after;
  });
}

/** What the multipart parser throws for a body it cannot read, as a 4xx naming the field. */
function multipartFailure(err: unknown): HttpError | undefined {
  const e = err as { code?: string; statusCode?: number; message?: string };
  if (typeof e?.code === 'string' && e.code.startsWith('FST_') && e.statusCode && e.statusCode < 500) {
    return e.statusCode === 413
      ? imageError(413, 'Send one image in the field "image" and nothing else', 'maxItems', 'BODY_TOO_LARGE')
      : imageError(400, 'The multipart body is not valid', 'multipart');
  }
  if (!e?.code && typeof e?.message === 'string' && /multipart|Malformed part header/i.test(e.message)) {
    return imageError(
      400,
      'The multipart body is not valid (boundary missing or body cut short)',
      'multipart',
    );
  }
  return undefined;
}

/** PUT /floor-plans/{id}/image: the plan's image, checked and stored; the one it replaces goes. */
export async function uploadFloorPlanImage(
  ctx: RequestContext,
  store: PhotoStore,
  id: number,
  request: FastifyRequest,
) {
  if (!(await repo.findPlanRow(ctx.db, ctx.siteId, id))) throw notFound();
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the image as multipart/form-data in the field "image"', {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ field: 'image', message: 'Send the image as multipart/form-data', rule: 'multipart' }],
    });
  }
  const { maxFileUploadSize } = await getSiteSettings(ctx.db, ctx.siteId);
  const tooLarge = () =>
    imageError(413, `The image is larger than ${maxFileUploadSize} MB`, 'maxSize', 'BODY_TOO_LARGE');
  let file: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    file = await request.file({
      limits: { fileSize: maxFileUploadSize * 1024 * 1024, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
  } catch (err) {
    throw multipartFailure(err) ?? err;
  }
  if (file?.fieldname !== 'image') {
    file?.file.resume();
    throw imageError(400, 'Attach the image in the field "image"', 'required');
  }
  let saved: Awaited<ReturnType<typeof savePhoto>>;
  try {
    saved = await savePhoto(store, ctx.siteId, 'floor-plans', file.file);
  } catch (err) {
    if (err instanceof NotAnImage)
      throw imageError(400, 'Only JPEG, PNG or WebP images are accepted', 'imageType');
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw multipartFailure(err) ?? err;
  }
  if (file.file.truncated) {
    await store.delete([saved.key]);
    throw tooLarge();
  }
  let replaced: string | null = null;
  try {
    const after = await ctx.db.transaction(async (tx) => {
      const row = await repo.findPlanRow(tx, ctx.siteId, id, true);
      if (!row) throw notFound();
      replaced = row.imageKey;
      await repo.planRows.update(tx, ctx.siteId, id, {
        imageKey: saved.key,
        imageType: saved.contentType,
        imageBytes: saved.sizeBytes,
        updatedAt: new Date(),
      });
      const changes = {
        image_type: { old: row.imageType, new: saved.contentType },
        image_bytes: { old: row.imageBytes, new: saved.sizeBytes },
      };
      await ctx.audit(tx, { action: 'floor_plan.image', entity: 'floor_plan', id, changes });
      return getFloorPlan({ ...ctx, db: tx }, id);
    });
    if (replaced) await store.delete([replaced]);
    return after;
  } catch (err) {
    await store.delete([saved.key]);
    throw err;
  }
}

/** GET /floor-plans/{id}/image: the bytes in their own type, or 404 when there are none. */
export async function sendFloorPlanImage(
  ctx: RequestContext,
  store: PhotoStore,
  id: number,
  reply: FastifyReply,
) {
  const row = await repo.findPlanRow(ctx.db, ctx.siteId, id);
  if (!row) throw notFound();
  const stored = row.imageKey ? await store.get(row.imageKey) : undefined;
  if (!stored) throw errors.notFound('This floor plan has no image', 'FLOOR_PLAN_IMAGE_NOT_FOUND');
  return reply
    .header('content-type', row.imageType ?? 'application/octet-stream')
    .header('content-length', String(stored.size))
    .header('cache-control', 'private, max-age=300')
    .header('content-disposition', 'inline')
    .send(stored.body);
}
