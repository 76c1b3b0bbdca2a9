/** Schemas referenced by $id from several routes: registered once on the root instance. */
import { ErrorBody, ErrorDetail, MessageResponse } from './common.ts';
import { PositionGroup, PositionGroupDetail, PositionGroupMember } from './position-group.ts';
import { Site, SiteSettingsValues } from './site-settings.ts';
import { ServiceHealth } from './system.ts';
import { RoleSchema, SessionUser, User } from './user.ts';

export const SHARED_SCHEMAS = [
  ErrorDetail,
  ErrorBody,
  MessageResponse,
  RoleSchema,
  User,
  SessionUser,
  ServiceHealth,
  PositionGroup,
  PositionGroupMember,
  PositionGroupDetail,
  SiteSettingsValues,
  Site,
];
