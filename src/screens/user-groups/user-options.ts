import type { User } from '../../api/gen/model';

/** Users as picker options: the name to read, the email to tell namesakes apart. */
export const userOptions = (users: readonly User[]) =>
  users.map((user) => ({ label: `${user.first_name} ${user.last_name} (${user.email})`, value: user.id }));
