# The application image used by docker-compose.yml (chat + API).
FROM python:3.11-slim-bookworm
RUN apt-get update && apt-get install -y --no-install-recommends poppler-utils tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
RUN python -m venv /venv && /venv/bin/pip install -q torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu \
 && /venv/bin/pip install -q -c constraints/lock.txt -e .
ENV PATH=/venv/bin:$PATH HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 \
    LANGGRAPH_CLI_NO_ANALYTICS=1 LANGGRAPH_NO_VERSION_CHECK=1
EXPOSE 8000 2024
CMD ["veridict", "serve"]
