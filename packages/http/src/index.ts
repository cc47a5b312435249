export { createRequestListener, type RequestListenerOptions } from "./request-listener";
export { startServer, type RunningServer, type StartServerOptions } from "./start-server";
export { HTTP_ERROR_CODES, KIND_RESPONSES, type HttpErrorCode } from "./error-catalogue";
export { startDeliveryWorker, type DeliveryWorkerOptions } from "./delivery/delivery-worker";
export { startAutomationSchedule, type AutomationScheduleOptions } from "./delivery/automation-schedule";
export { SIGNATURE_HEADER, signBody } from "./delivery/webhook-transport";
export { startMaintenanceSweep, type MaintenanceSweepOptions } from "./delivery/maintenance-sweep";
