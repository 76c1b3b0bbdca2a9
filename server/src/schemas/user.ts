import { type Static, Type } from '@sinclair/typebox';
import { LANGUAGES } from '#domain/languages.ts';
import { ROLES } from '#domain/permissions.ts';
import { EMAIL_PATTERN, LIMITS } from '#domain/validation.ts';
import { trashItemId } from './trash.ts';

export const RoleSchema = Type.Union(
  ROLES.map((r) => Type.Literal(r)),
  { $id: 'Role', description: 'admin (4), owner (3), manager (2), worker (1)' },
);

const name = () => Type.String({ minLength: LIMITS.userNameMin, maxLength: LIMITS.nameMax });
const email = () => Type.String({ minLength: 1, maxLength: LIMITS.emailMax, pattern: EMAIL_PATTERN });

/** A user as every endpoint returns it; the password hash never leaves the server. */
export const User = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    role: Type.Ref(RoleSchema),
    is_active: Type.Boolean(),
    site_id: Type.String(),
    last_login_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    /** The site's custom role the user holds, which then decides their permissions (GET /roles). */
    custom_role_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    custom_role_name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** Invited and not yet signed up: no password of their own yet, so they cannot sign in. */
    invited: Type.Optional(Type.Boolean()),
    /**
     * An invited user's latest unspent invitation link: when it stops working (possibly already
     * past); null when none is left (revoked). In the list and the invitation answers.
     */
    invitation_expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
  },
  { $id: 'User' },
);

/** The signed-in user: a User plus the name of their site. */
export const SessionUser = Type.Object(
  {
    id: Type.Integer(),
    first_name: Type.String(),
    last_name: Type.String(),
    email: Type.String(),
    role: Type.Ref(RoleSchema),
    is_active: Type.Boolean(),
    site_id: Type.String(),
    site_name: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    /** Always sent; optional in the type so clients built before it still type-check. */
    language: Type.Optional(
      Type.Union([...LANGUAGES.map((l) => Type.Literal(l)), Type.Null()], {
        description: 'The console language the user chose; null follows the browser',
      }),
    ),
    /** What the user may do: their custom role's permissions if they hold one, else their role's. */
    permissions: Type.Optional(Type.Array(Type.String())),
    custom_role: Type.Optional(
      Type.Union([
        Type.Object({ id: Type.Integer(), name: Type.String(), level: Type.Integer() }),
        Type.Null(),
      ]),
    ),
  },
  { $id: 'SessionUser' },
);

export const UserCreate = Type.Object(
  {
    first_name: name(),
    last_name: name(),
    email: email(),
    /** Absent: the user is invited by email to set their own password (a single-use link valid 7 days). */
    password: Type.Optional(Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax })),
    role: Type.Ref(RoleSchema),
    is_active: Type.Optional(Type.Boolean()),
    /**
     * The user's language: their emails and console; null or absent follows their browser (emails:
     * the site default).
     */
    language: Type.Optional(Type.Union([...LANGUAGES.map((l) => Type.Literal(l)), Type.Null()])),
    /** A custom role of the site to give instead of the built-in role (which is then kept as worker). */
    custom_role_id: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()]),
    ),
  },
  { $id: 'UserCreate', additionalProperties: false },
);

export const UserUpdate = Type.Object(
  {
    first_name: Type.Optional(name()),
    last_name: Type.Optional(name()),
    email: Type.Optional(email()),
    /** Empty or absent leaves the password unchanged. */
    password: Type.Optional(
      Type.Union([
        Type.Literal(''),
        Type.String({ minLength: LIMITS.passwordMin, maxLength: LIMITS.passwordMax }),
      ]),
    ),
    role: Type.Optional(Type.Ref(RoleSchema)),
    is_active: Type.Optional(Type.Boolean()),
    /** A custom role of the site, null to take it away (the role field then applies), absent to keep it. */
    custom_role_id: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: 2147483647 }), Type.Null()]),
    ),
  },
  { $id: 'UserUpdate', additionalProperties: false },
);

export const UserList = Type.Object({ users: Type.Array(Type.Ref(User)) }, { $id: 'UserList' });

/** The users list's filters: each narrows the site's list; none gives the whole list. */
export const UserListQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({
        maxLength: LIMITS.searchMax,
        description: 'Case- and accent-insensitive text within the first name, last name, full name or email',
      }),
    ),
    role: Type.Optional(Type.Union(ROLES.map((r) => Type.Literal(r)))),
    status: Type.Optional(
      Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('invited')], {
        description:
          'Only active users (signed up), only deactivated ones, or only invited ones who have not set a password yet',
      }),
    ),
  },
  { additionalProperties: false },
);
export type UserListOptions = Static<typeof UserListQuery>;
export const UserResponse = Type.Object({ user: Type.Ref(User) }, { $id: 'UserResponse' });

/** What became of an invitation email. */
export const Invitation = Type.Object(
  {
    expires_at: Type.String({ format: 'date-time' }),
    delivery: Type.Union([Type.Literal('sent'), Type.Literal('logged'), Type.Literal('failed')], {
      description:
        'sent: the mail server accepted it; logged: the server sends no email (no SMTP_URL), so `link` is here to pass on; failed: the mail server refused it or could not be reached (resend later)',
    }),
    link: Type.Optional(
      Type.String({
        description: 'Only when the server sends no email: the link the user would have been mailed',
      }),
    ),
  },
  { $id: 'Invitation' },
);

/** A new user, and their invitation when no password was given. */
export const UserCreated = Type.Object(
  { user: Type.Ref(User), invitation: Type.Optional(Type.Ref(Invitation)) },
  { $id: 'UserCreated' },
);

export const InvitationResult = Type.Object(
  { user: Type.Ref(User), invitation: Type.Ref(Invitation) },
  { $id: 'InvitationResult' },
);

export const UserDeleteResult = Type.Object(
  {
    message: Type.String(),
    /** 'deleted', or 'deactivated' when work entries reference the user and history must be kept. */
    outcome: Type.Union([Type.Literal('deleted'), Type.Literal('deactivated')]),
    user: Type.Optional(Type.Ref(User)),
    trash_item_id: trashItemId(),
  },
  { $id: 'UserDeleteResult' },
);
