/**
 * @deprecated The stopgap `<fan-login-form>` became `<fan-login>`; importing this module
 * now defines `<fan-login>`. Kept so the `@fandeck/widgets/login/login-form.element`
 * export keeps working.
 */
export { FanLoginElement, FanLoginEvent, FanLogoutEvent, fanLoginTag } from './fan-login.element.js';
