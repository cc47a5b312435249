export { createRequestListener, type RequestListenerOptions } from "./request-listener";
export { startServer, type RunningServer, type StartServerOptions } from "./start-server";
export { HTTP_ERROR_CODES, KIND_RESPONSES, type HttpErrorCode } from "./error-catalogue";
