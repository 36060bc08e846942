"""The game served to browsers: a link per seat and one for the host, one process per tab."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from conquest_tui.serve.links import read_links

log = logging.getLogger("textual-serve")

TITLE = "CONTINENTAL CONQUEST"

HANG_UP_WAIT = 5.0
"""Seconds a tab's process has to keep its sheet and end after the tab closed (then killed)."""

REFUSAL = "Not found.\n"
"""All a wrong link is told: nothing of the game, its Clans or its links."""

SECURITY_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self' 'unsafe-inline'; "
        "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
        "connect-src 'self' ws: wss:; frame-ancestors 'none'"),
}
"""Sent with every answer: a link's token is never passed on to another site, the page is
never kept by a cache or framed, and it loads nothing from anywhere else."""


def play_command(save: Path, clan: int, python: str = sys.executable) -> str:
    """The shell command a tab runs: the host's table (clan 0) or one Clan's seat."""
    words = [python, "-m", "conquest_tui", "play", str(save)]
    if clan:
        words += ["--clan", str(clan)]
    return "exec " + shlex.join(words)  # the shell becomes the app: the hang-up reaches it


class TabService(AppService):
    """One tab's app process; a closed tab hangs it up (it keeps its sheet, then ends)."""

    async def stop(self) -> None:
        """Hang the process up, give it `HANG_UP_WAIT` seconds to end, else kill it."""
        task, process = self._task, self._process
        if task is None:
            return
        self._task = None
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(task), HANG_UP_WAIT)
        except TimeoutError:
            if process is not None:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()
            await task
        if process is not None:
            await process.wait()


class GameServer(Server):
    """textual-serve's server for one save: `/play/TOKEN` opens the page of that token's seat
    (or the host's table), `/ws/TOKEN` runs its app; any other address is a plain 404."""

    def __init__(self, save: Path, *, host: str = "127.0.0.1", port: int = 8000,
                 public_url: str | None = None, python: str = sys.executable) -> None:
        """Create the server (it serves when `serve` is called).

        Args:
            save: The game's save; its links are read from beside it on every request.
            host: The address to listen on (only this machine by default).
            port: The port to listen on.
            public_url: The address browsers use, when a reverse proxy stands in front.
            python: The Python that runs each tab's app.
        """
        super().__init__("", host=host, port=port, title=TITLE, public_url=public_url,
                         templates_path=Path(__file__).parent / "templates")
        self.save = save
        self.python = python

    def link(self, token: str) -> str:
        """The address of a token's page."""
        return f"{self.public_url.rstrip('/')}/play/{token}"

    def _clan_of(self, request: web.Request) -> int:
        """The Clan the request's token opens (0: the host's table); 404 for any other."""
        links = read_links(self.save)
        clan = links.find(request.match_info["token"]) if links is not None else None
        if clan is None:
            raise web.HTTPNotFound(text=REFUSAL, headers=SECURITY_HEADERS)
        return clan

    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[_secure])
        aiohttp_jinja2.setup(app, loader=_loader(self.templates_path))
        app.add_routes([
            web.get("/play/{token}", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, show_index=False, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"Serving {self.save} on {self.public_url} — Ctrl+C stops.",
                           highlight=False, markup=False)

    async def handle_index(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        self._clan_of(request)
        router = request.app.router
        static = f"{self.public_url}{router['static'].url_for(filename='/')}".rstrip("/") + "/"
        socket = f"{self.public_url}{router['websocket'].url_for(token=token)}"
        scheme = "wss:" if self.public_url.startswith("https") else "ws:"
        context: dict[str, Any] = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": scheme + socket.split(":", 1)[1],
            "config": {"static": {"url": static}},
            "application": {"name": TITLE},
            "ping_url": "",
        }
        return aiohttp_jinja2.render_template("page.html", request, context)

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        command = play_command(self.save, self._clan_of(request), self.python)
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        service: TabService | None = None
        try:
            await websocket.prepare(request)

            async def close() -> None:
                await websocket.close()

            service = TabService(command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=close,
                                 download_manager=self.download_manager, debug=self.debug)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's failure never stops the server
            log.exception(error)
        finally:
            if service is not None:
                await service.stop()
        return websocket


def _loader(path: Path) -> Any:
    import jinja2

    return jinja2.FileSystemLoader(path)


@web.middleware
async def _secure(request: web.Request, handler: Any) -> web.StreamResponse:
    """The security headers on every answer (a 404 too)."""
    try:
        response: web.StreamResponse = await handler(request)
    except web.HTTPException as error:
        error.headers.update(SECURITY_HEADERS)
        raise
    if not response.prepared:
        response.headers.update(SECURITY_HEADERS)
    return response
