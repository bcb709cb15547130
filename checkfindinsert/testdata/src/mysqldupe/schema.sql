CREATE TABLE formatted_image (
    image_id INT NOT NULL,
    format VARCHAR(32) NOT NULL,
    status INT NOT NULL,
    formatted_image_id INT NULL,
    PRIMARY KEY (image_id, format)
);
