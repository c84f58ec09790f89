import { render } from 'preact';
import { App } from './app.js';
import { pickLanguage, setLanguage } from './i18n.js';
import { startLive } from './live.js';
import './styles.css';

setLanguage(pickLanguage(navigator.languages ?? [navigator.language]));
document.documentElement.lang = navigator.language?.startsWith('ja') ? 'ja' : 'en';
startLive();
render(<App />, document.getElementById('app')!);
