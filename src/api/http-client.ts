/**
 * The one axios instance every generated hook calls through (orval mutator). Placeholder until
 * the console foundation wires the 401 → refresh → retry flow through the session machine.
 */
import axios, { type AxiosRequestConfig } from 'axios';

export const http = axios.create({ baseURL: '/api/v1', timeout: 10_000, headers: { 'Content-Type': 'application/json' } });

export async function apiRequest<T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> {
  const response = await http.request<T>({ ...config, ...options });
  return response.data;
}

export type ErrorType<E> = import('axios').AxiosError<E>;
export type BodyType<B> = B;
