export function initialsOf(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}
